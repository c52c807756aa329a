// The AI trading system pitch, as the operator wrote it (settings alias "pitch"), followed by the
// risk warning every money-related pitch carries (DESIGN §1.4).
import { Trans } from "@lingui/react/macro";
import { useSetting } from "../../db/queries/settings";
import { RiskWarning } from "../../ui/notices";
import { Skeleton } from "../../ui/skeleton/skeleton";
import { useContentLang } from "../../ui/app-state/use-content-lang";

export function PitchBlock() {
  const lang = useContentLang();
  const pitch = useSetting(lang, "pitch");
  const value = pitch.status === "ready" ? pitch.value : undefined;
  return (
    <section className="q-home__pitch" data-testid="home-pitch">
      {value === undefined ? (
        pitch.status === "loading" ? (
          <Skeleton lines={3} />
        ) : (
          <p className="q-muted">
            <NotDownloaded />
          </p>
        )
      ) : (
        <>
          <h2 className="q-home__pitch-title">{value.title}</h2>
          <p className="q-home__pitch-subtitle">{value.subtitle}</p>
          <ul className="q-home__points">
            {value.points.map((point) => (
              <li key={point.title}>
                <strong>{point.title}</strong>
                <span>{point.text}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <RiskWarning />
    </section>
  );
}

/** Content this device has not received yet (first start offline, or still syncing). */
export function NotDownloaded() {
  return <Trans>Not downloaded yet. It appears after the first update.</Trans>;
}
