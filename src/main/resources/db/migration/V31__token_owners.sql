-- A token made with a token belongs to that token's user and ends with them. Tokens made before this named the
-- minting token instead ("token:NAME"); each is given the user of the token of that name where the name is
-- unambiguous (three rounds follow a chain of tokens made with tokens), and the rest are revoked: their user can
-- no longer be told, and a token nobody owns must not outlive everyone.
UPDATE api_token SET created_by = (SELECT MIN(m.created_by) FROM api_token m WHERE 'token:' || m.name = api_token.created_by)
WHERE created_by LIKE 'token:%'
  AND (SELECT COUNT(*) FROM api_token m WHERE 'token:' || m.name = api_token.created_by) = 1;
UPDATE api_token SET created_by = (SELECT MIN(m.created_by) FROM api_token m WHERE 'token:' || m.name = api_token.created_by)
WHERE created_by LIKE 'token:%'
  AND (SELECT COUNT(*) FROM api_token m WHERE 'token:' || m.name = api_token.created_by) = 1;
UPDATE api_token SET created_by = (SELECT MIN(m.created_by) FROM api_token m WHERE 'token:' || m.name = api_token.created_by)
WHERE created_by LIKE 'token:%'
  AND (SELECT COUNT(*) FROM api_token m WHERE 'token:' || m.name = api_token.created_by) = 1;
UPDATE api_token SET revoked_at = CURRENT_TIMESTAMP WHERE created_by LIKE 'token:%' AND revoked_at IS NULL;
