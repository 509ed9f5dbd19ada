-- GET /customers/entities and GET /customers/invoice-profile are kept in memory beside the customer's profile
-- (modules/customers/profile-cache.ts). Whatever adds, changes or removes whom a customer acts for (an
-- invitation accepted, a member removed, a business created) or their invoice profile, a route, an
-- operator or a hand-written statement, tells every instance at commit through the profiles' channel with
-- 'user:<id>' of each customer concerned (changes to the entities themselves already notify 'entity:<id>',
-- migration 0016).
CREATE FUNCTION notify_user_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('cubierto_profiles', 'user:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('cubierto_profiles', 'user:' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_entities_notify AFTER INSERT OR UPDATE OR DELETE ON user_entities
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_changed();
--> statement-breakpoint
CREATE TRIGGER invoice_profiles_notify AFTER INSERT OR UPDATE OR DELETE ON invoice_profiles
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_changed();
