/**
 * Tests that span the modules (issue "reliability and safety"): the suite pointed at an external Redis
 * leaves unrelated data alone, secrets never reach a run folder, killed runs and dead servers leave no
 * process behind and a clear message, and every bad input is one line before anything starts.
 */
package dev.kensho.reliability;
