"""A match's services: who a link is (`access`), its rows replayed into a sheet and the checks
before a request's body is read (`sheet`), starting one (`create`), every write locked, checked
and logged (`writes`), a seat's part (`parts`), the host's edits (`edits`), undo and the log
(`history`), Bandido's characters (`characters`), the rematch (`rematch`), its links (`links`), and
the match as the API answers it (`answers`)."""
