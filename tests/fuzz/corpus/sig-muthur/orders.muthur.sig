-----BEGIN MUTHUR SIGNATURE-----
version: 1
key-id: dd8de410fa8b975c
signature: LmfXHrI9mLZUmsOFltK6wXoGw8tNxyYUJpT5FaSbaYkFP3L6ohAD8fp95RPjhj6sl6kw5JDxF3VAT7bnSESKBA==
-----END MUTHUR SIGNATURE-----
