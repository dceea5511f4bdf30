#!/usr/bin/env node
// The program runs its TypeScript sources directly (Node 24 type stripping).
import { main } from '../src/cli.ts';

process.exitCode = await main(process.argv.slice(2));
