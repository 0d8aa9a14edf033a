// (filled in by its group: emit/crmath/README)
