/**
 * The one launcher every entry point goes through (Maven's bench profile, a class's main, the jar): the plan
 * checked before anything starts, JMH run per class, the console (progress with ETA, closing summary), the
 * run's claims on external servers, and its status when it is stopped.
 */
package dev.kensho.launcher;
