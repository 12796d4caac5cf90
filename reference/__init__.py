"""Bundled targets: third-party libraries under the catalog's names and signatures.

Each module maps one library; it declares ``VERSION``, ``CONVENTIONS`` and may
leave names out (not provided -> not applicable). Known deviations live in
``reference/deviations/<target>.txt``.
"""
