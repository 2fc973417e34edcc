// Builds the Activity's page into dist/: index.html, and assets/ named by their content's hash.
// `make activity` (and `make run`) run it when dist/ is missing or older than the sources.
import * as esbuild from "esbuild";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "dist");
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, "assets"), { recursive: true });

const result = await esbuild.build({
  entryPoints: [join(here, "src", "main.js"), join(here, "src", "style.css")],
  bundle: true,
  minify: true,
  format: "esm",
  target: ["es2022", "chrome110", "safari16"],
  outdir: join(dist, "assets"),
  entryNames: "[name]-[hash]",
  metafile: true,
  logLevel: "warning",
});
const outputs = Object.keys(result.metafile.outputs).map((path) => basename(path));
const script = outputs.find((name) => name.endsWith(".js"));
const style = outputs.find((name) => name.endsWith(".css"));
const page = readFileSync(join(here, "src", "index.html"), "utf8")
  .replace("{{script}}", `assets/${script}`)
  .replace("{{style}}", `assets/${style}`);
writeFileSync(join(dist, "index.html"), page);
console.log(`Activity page built: dist/index.html, dist/assets/${script}, dist/assets/${style}`);
