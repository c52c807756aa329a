// The JS a first visit downloads before its first screen paints, from the production build
// (`npm run build` first): the entry, held to issue 19's 100 KB gzip budget (tighter than DESIGN
// §8's 150 KB; the build enforces 100), and, for the two first screens, the route chunk and its
// static imports beyond the entry (so a smaller entry that only moved code to the first route
// shows here).
import { checkBudgets, firstScreen, kb } from "../scripts/lib/budgets";
import { readBuildOutput } from "../scripts/lib/build-output";
import { recordGoal } from "./goals";

const ENTRY_GOAL_KB = 100;
const FIRST_SCREENS = [
  { name: "/home (signed in)", route: "src/routes/_auth/home.tsx" },
  { name: "/login (signed out)", route: "src/routes/_guest/login.tsx" },
];

export function benchEntry(): Promise<void> {
  const { manifest, gzipSize, precached } = readBuildOutput(process.env.APP_DIST_DIR ?? "dist");
  const report = checkBudgets(manifest, gzipSize, precached);
  const goal = recordGoal({
    figure: "entry: JS gzip in KB",
    value: Math.round((report.entryGzip / 1024) * 10) / 10,
    kind: "atMost",
    target: ENTRY_GOAL_KB,
    baseline: "issue 19's absolute budget",
  });
  console.log(`entry: ${kb(report.entryGzip)} gzip in ${report.entryFiles.length} files (${goal})`);
  for (const screen of FIRST_SCREENS) {
    const first = firstScreen(manifest, gzipSize, screen.route);
    console.log(
      `entry: first screen ${screen.name} ${kb(first.gzip)} gzip, ` +
        `of which ${kb(first.beyondEntryGzip)} beyond the entry`,
    );
  }
  return Promise.resolve();
}
