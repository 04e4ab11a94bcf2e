"""Save files: format, versions, atomic writes. (Later issue.)"""
