"""The parts of the static build; build_site.py at the repository root puts them together."""
