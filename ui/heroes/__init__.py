"""The «Берсерк. Герои» table: its scene (``scene``), its parts (``table``) and its client adapter (``client``)."""
