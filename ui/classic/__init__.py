"""Classic «Берсерк» at the table: its scene, board view, words for events and client adapter."""
