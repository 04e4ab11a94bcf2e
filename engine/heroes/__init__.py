"""«Берсерк. Герои» rules (CR 6th edition)."""
