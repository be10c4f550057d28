// A setup file of both jsdom projects. Testing Library's waitFor and findBy give up after 1 s by
// default: a query that makes a real HTTP request to a Prism mock (its first answer of an operation
// takes ~100 ms on a quiet machine, over a second when the other core is busy) then fails for being
// slow, not wrong. They wait for the condition up to a bound no correct answer comes near, still
// well inside the test's own timeout (30 s).
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 15_000 });
