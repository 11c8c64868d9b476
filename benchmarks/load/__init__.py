"""Load: the table server and the scorekeeper under many tables, hostile bodies and heavy reads."""
