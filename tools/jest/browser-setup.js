// Testing Library's findBy… and waitFor give up after 1 s by default. A clean clone runs jest without
// its transform cache, so the first lazy route a test opens is compiled by ts-jest inside that wait,
// on a 2-core machine running two jest workers: the management app's first plants test failed so in
// a clean-clone run. 5 s still fails a missing element quickly.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 5000 });
