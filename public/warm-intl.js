// Locale data for dates and numbers, loaded while the scripts download (index.html says why).
new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(0);
new Intl.NumberFormat('en').format(0);
