package dev.kensho.hbase.meter;

import dev.kensho.targets.hbase.EmbeddedHBase;

/** Child-JVM fixture: starts the embedded HBase child cluster, prints its pid and log, then waits to be killed. */
public final class HoldHBaseMain {

    private HoldHBaseMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        EmbeddedHBase h = EmbeddedHBase.start();
        System.out.println("PID " + h.pid() + " LOG " + h.process().log());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE); // held until the test kills this JVM
    }
}
