import type { ReactNode } from "react";
import "./screen-frame.css";

/** The frame every screen shares: a heading, optional notices, and its content. */
export function ScreenFrame(props: {
  title: string;
  testId: string;
  /** A test id for the heading, where the heading is the content's own title. */
  titleTestId?: string;
  children?: ReactNode;
}) {
  return (
    <main className="q-screen" data-testid={props.testId}>
      <h1 className="q-screen__title" data-testid={props.titleTestId}>
        {props.title}
      </h1>
      {props.children}
    </main>
  );
}
