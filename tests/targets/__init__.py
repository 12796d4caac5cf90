"""Well-behaved targets the tests audit: the catalog at other precisions."""
