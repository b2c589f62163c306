"""simsweep: what-if studies, a grid of simrun runs and their report (wrappers/simsweep.in).

cli.py reads the command line into a study; grid.py makes its points; point.py runs one
point and reads what it left; local.py runs the points on this machine, slurm.py as a Slurm
job array; rows.py turns the points into rows (speedup, efficiency), table.py prints them,
files.py writes the CSV and JSON, page.py the HTML page with svg.py's plots.
"""
