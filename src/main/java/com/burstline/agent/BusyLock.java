package com.burstline.agent;

/** One throughput test at a time per agent, server role or client role: two at once would measure each other. */
final class BusyLock {
    private String activity;

    synchronized boolean tryAcquire(String newActivity) {
        if (activity != null) {
            return false;
        }
        activity = newActivity;
        return true;
    }

    synchronized void release() {
        activity = null;
    }

    synchronized String activity() {
        return activity;
    }

    synchronized boolean isBusy() {
        return activity != null;
    }
}
