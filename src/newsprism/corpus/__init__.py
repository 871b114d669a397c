"""corpus"""
