/**
 * The house rules over every module (no package cycle, each module under its root package and naming only the
 * modules below it), and deliberately wrong classes in {@code fixture} and in test-only packages of other
 * modules' names that show each rule can fail.
 */
package dev.kensho.reliability.arch;
