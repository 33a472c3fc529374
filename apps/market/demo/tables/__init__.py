"""The demo generator's data: calibration, products, places and company-name parts."""
