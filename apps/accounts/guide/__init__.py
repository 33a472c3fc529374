"""The user guide: one PDF per interface language, built from the templates in
templates/accounts/user_guide/ and the screenshots beside this package."""
