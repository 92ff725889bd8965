"""companion: a real-time companion for witch-themed table games."""

__version__ = "0.1.0"
