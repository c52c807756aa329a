// A form's field errors after one field changed: an error describes what was checked on submit, so
// once its field changes the error is re-checked for that field alone — gone when the field is
// fixed, kept (or updated) while it is still wrong. Untouched fields, and fields that never had an
// error (the user has not submitted yet), are left alone.

export function refreshFieldErrors<K extends string, E>(
  current: Partial<Record<K, E>>,
  found: Partial<Record<NoInfer<K>, E>>,
  changed: NoInfer<K>,
): Partial<Record<K, E>> {
  if (current[changed] === undefined) return current;
  const error = found[changed];
  const next: Partial<Record<K, E>> = {};
  for (const key of Object.keys(current) as K[]) {
    if (key !== changed) next[key] = current[key];
  }
  if (error !== undefined) next[changed] = error;
  return next;
}
