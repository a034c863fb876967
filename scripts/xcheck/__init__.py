"""The cross-check harness: Kirin's perft against independent references.

`scripts/crosscheck.py` is the command line. The package holds the reference-independent
core (`harness`), the Kirin side (`kirin`) and one back end per reference program
(`ref_pyffish`, `ref_shogiops`, `ref_oracle`), each a `referee.Referee`.
"""
