// `describe` for the suites that need Debian's pymodbus: skipped, saying so once, where it is missing.
import { pymodbusMissing } from './pymodbus-fixture';

const missing = pymodbusMissing();
if (missing) process.stderr.write(`pymodbus suites skipped: ${missing}\n`);

export const describeWithPymodbus: jest.Describe = missing ? describe.skip : describe;
