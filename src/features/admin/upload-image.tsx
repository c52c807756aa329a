// An upload (identity photo, recharge voucher) fetched with the operator token and shown from
// memory: an <img src> could not send the token, and nothing may be cached on this device.
import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { uploadImage } from "../../sync/admin/console";

export function UploadImage(props: { url: string; alt: string; testId: string }) {
  // What the last fetch gave, for which URL: an answer for another URL is not shown.
  const [shown, setShown] = useState<{ url: string; src: string | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    uploadImage(props.url, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setShown({ url: props.url, src: objectUrl });
      },
      () => {
        if (!controller.signal.aborted) setShown({ url: props.url, src: null });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [props.url]);
  const current = shown?.url === props.url ? shown : null;
  if (current !== null && current.src === null)
    return (
      <p className="q-admin-note" data-testid={`${props.testId}-failed`}>
        <Trans>The image could not be loaded.</Trans>
      </p>
    );
  if (current?.src == null) return <div className="q-admin-image q-admin-image--loading" />;
  return (
    <img className="q-admin-image" src={current.src} alt={props.alt} data-testid={props.testId} />
  );
}
