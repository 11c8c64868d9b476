"""Speed: deals, decisions and playouts per second, side by side in one run."""
