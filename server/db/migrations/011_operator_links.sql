-- Operator-editable links (issue 23): a link an operator edited (`npm run admin -- link set`,
-- PUT /admin/links/{id}) is theirs: the seed on start no longer rewrites or removes it. An
-- operator may also mark a link frameable, allowing the in-app viewer (/web) to show it in a
-- frame — only where the server's CSP frame-src admits its origin too (content/link-frames.ts).
ALTER TABLE links
  ADD COLUMN origin text NOT NULL DEFAULT 'seed' CHECK (origin IN ('seed', 'operator')),
  ADD COLUMN frameable boolean NOT NULL DEFAULT false;
