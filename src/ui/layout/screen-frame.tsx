import type { ReactNode } from "react";
import "./screen-frame.css";

/** The frame every screen shares: a heading, optional notices, and its content. */
export function ScreenFrame(props: { title: string; testId: string; children?: ReactNode }) {
  return (
    <main className="q-screen" data-testid={props.testId}>
      <h1 className="q-screen__title">{props.title}</h1>
      {props.children}
    </main>
  );
}
