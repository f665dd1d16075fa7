"""The table page: one offline HTML file that answers at the table as the command line does."""
