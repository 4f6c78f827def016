// Jest setup (server and gateway projects): new password hashes in a test process get the cheap cost
// main.ts would take from config.passwordCost in a jest worker; the suites hash thousands of them.
import { scryptCost, usePasswordCost } from '../auth/passwords';

usePasswordCost(scryptCost(process.env));
