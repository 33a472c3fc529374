"""Saved searches and their alerts: a user keeps a market insights search under a name; with
alerts on, the task worker emails the shipments and buyers each import brings to it."""
