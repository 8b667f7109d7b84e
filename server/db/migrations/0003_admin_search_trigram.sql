-- Substring search of the admin lists (ILIKE '%term%') through trigram indexes. pg_trgm ships with
-- PostgreSQL; embedded PGlite may not have it loaded, where the lists fall back to scans (small data).
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm not available: admin search uses scans';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS users_full_name_trgm_idx ON users USING gin ((first_name || '' '' || last_name) gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS users_referral_code_trgm_idx ON users USING gin (referral_code gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS offers_title_trgm_idx ON offers USING gin (title gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS vouchers_code_trgm_idx ON vouchers USING gin (voucher_code gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS vouchers_brand_trgm_idx ON vouchers USING gin (voucher_brand gin_trgm_ops)';
  END IF;
END
$$;
