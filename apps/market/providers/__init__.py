"""Adapters to outside services: the language model behind the AI box (`llm`)."""
