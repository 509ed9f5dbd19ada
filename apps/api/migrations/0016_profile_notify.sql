-- Every API instance keeps recently read customer profiles in memory (modules/customers/profile-cache.ts):
-- the user with its entity, taker entity, place, province, locality and avatar. Whatever changes one of
-- those rows, a route, an operator action or a hand-written UPDATE, tells every instance at commit through
-- this channel, so no instance shows a stale profile.
CREATE FUNCTION notify_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cubierto_profiles', CASE TG_TABLE_NAME
    WHEN 'users' THEN 'user:' || OLD.id
    WHEN 'entities' THEN 'entity:' || OLD.id
    WHEN 'places' THEN 'place:' || OLD.id
    ELSE 'all'
  END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_profile_notify
  AFTER UPDATE OF name, email, avatar_file_id, entity_id, taker_entity_id, place_id, context_id ON users
  FOR EACH ROW WHEN (
    (NEW.name, NEW.email, NEW.avatar_file_id, NEW.entity_id, NEW.taker_entity_id, NEW.place_id, NEW.context_id)
    IS DISTINCT FROM
    (OLD.name, OLD.email, OLD.avatar_file_id, OLD.entity_id, OLD.taker_entity_id, OLD.place_id, OLD.context_id)
  )
  EXECUTE FUNCTION notify_profile_changed();
--> statement-breakpoint
CREATE TRIGGER users_profile_deleted_notify AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed();
--> statement-breakpoint
CREATE TRIGGER entities_profile_notify
  AFTER UPDATE OF kind, name, document_type, document_number, tax_condition ON entities
  FOR EACH ROW WHEN (
    (NEW.kind, NEW.name, NEW.document_type, NEW.document_number, NEW.tax_condition)
    IS DISTINCT FROM (OLD.kind, OLD.name, OLD.document_type, OLD.document_number, OLD.tax_condition)
  )
  EXECUTE FUNCTION notify_profile_changed();
--> statement-breakpoint
CREATE TRIGGER entities_profile_deleted_notify AFTER DELETE ON entities
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed();
--> statement-breakpoint
CREATE TRIGGER places_profile_notify AFTER UPDATE OF zip_code, province_id, locality_id ON places
  FOR EACH ROW WHEN (
    (NEW.zip_code, NEW.province_id, NEW.locality_id) IS DISTINCT FROM (OLD.zip_code, OLD.province_id, OLD.locality_id)
  )
  EXECUTE FUNCTION notify_profile_changed();
--> statement-breakpoint
CREATE TRIGGER places_profile_deleted_notify AFTER DELETE ON places
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed();
--> statement-breakpoint
CREATE TRIGGER provinces_profile_notify AFTER UPDATE OF name OR DELETE ON provinces
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed();
--> statement-breakpoint
CREATE TRIGGER localities_profile_notify AFTER UPDATE OF name OR DELETE ON localities
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed();
--> statement-breakpoint
CREATE TRIGGER files_profile_notify AFTER UPDATE OF storage_key OR DELETE ON files
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed();
