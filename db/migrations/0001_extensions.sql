-- Trigram search over contacts and message content (GIN gin_trgm_ops indexes in 0002).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
