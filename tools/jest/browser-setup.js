// Testing Library's findBy… and waitFor give up after 1 s by default. A clean clone runs jest without
// its transform cache, so the first lazy route a test opens is compiled (and loaded) inside that wait, on
// a 2-core machine that may be running a build or the journeys beside jest (a plants test waited 46 s
// in such a run; on 2026-11-29 a plant-detail test's first wait passed 20 s with one build beside the
// run). The bound is for a loaded machine, under the 60 s a test may take; no test asserts how long
// anything takes.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 45_000 });
