// A green jest run prints its summary and nothing else: a test that writes to the console without
// expecting it (React's act() and key warnings, a library's deprecation notice, a stray log) fails,
// with what was written. A test that means to see a console line spies on it (jest.spyOn(console, …)),
// which replaces this guard's recorder for that test.
const { format } = require('node:util');

const METHODS = ['error', 'warn', 'log', 'info', 'debug'];
const written = [];

const install = () => {
  for (const method of METHODS) {
    console[method] = (...args) =>
      void written.push(
        `console.${method}: ${format(...args)
          .split('\n')
          .slice(0, 3)
          .join('\n    ')}`,
      );
  }
};

install();

afterEach(() => {
  const seen = written.splice(0);
  install();
  if (seen.length > 0) throw new Error(`This test wrote to the console:\n  ${seen.join('\n  ')}`);
});

afterAll(() => {
  const seen = written.splice(0);
  if (seen.length > 0) throw new Error(`This file's set-up or tear-down wrote to the console:\n  ${seen.join('\n  ')}`);
});
