-- Every API instance keeps recently checked sessions in memory (modules/auth/session-cache.ts). Whatever ends
-- a session or locks its user, a route, an operator action or a hand-written UPDATE, tells every instance at
-- commit through this channel, so no instance honours a revoked token.
CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('cubierto_sessions', 'user:' || OLD.id);
  ELSE
    PERFORM pg_notify('cubierto_sessions', 'session:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended_notify AFTER UPDATE OF revoked_at, expires_at, user_id ON sessions
  FOR EACH ROW WHEN (
    NEW.revoked_at IS DISTINCT FROM OLD.revoked_at
    OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
    OR NEW.user_id IS DISTINCT FROM OLD.user_id
  )
  EXECUTE FUNCTION notify_session_ended();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_ended();
--> statement-breakpoint
CREATE TRIGGER users_locked_notify AFTER UPDATE OF locked_at ON users
  FOR EACH ROW WHEN (NEW.locked_at IS DISTINCT FROM OLD.locked_at)
  EXECUTE FUNCTION notify_session_ended();
--> statement-breakpoint
CREATE TRIGGER users_deleted_notify AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_ended();
