// An article's cover: lazy, with its size reserved (the server's covers are 640×360) so the list
// does not jump as images arrive; cached by the service worker for offline reading.
export function ArticleCover(props: { src: string | null; eager?: boolean }) {
  if (props.src === null) return null;
  return (
    <img
      className="q-article-cover"
      src={props.src}
      alt=""
      width={640}
      height={360}
      loading={props.eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
