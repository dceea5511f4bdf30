// Runs one `sky` command in this process and reports its peak memory, so
// the benchmark can measure a child the same way the command would run.
import { main } from '../src/cli.ts';

const code = await main(process.argv.slice(2));
process.stderr.write(`\n@@measure ${JSON.stringify({ code, maxRssKiB: process.resourceUsage().maxRSS })}\n`);
process.exitCode = code;
