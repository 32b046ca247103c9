/**
 * The runnable jar's entry point ({@code JarMain}): every module's benchmarks shaded into
 * {@code kensho-benchmarks.jar}, run through the one launcher, and the run-folder commands
 * ({@code compare}, {@code report}, {@code merge}, {@code pool}, {@code docs}).
 */
package dev.kensho.benchmarks;
