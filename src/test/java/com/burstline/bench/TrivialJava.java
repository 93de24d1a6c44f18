package com.burstline.bench;

/**
 * The JVM's own floor: a program that does nothing but wait, started with the same java and flags as the agent. What
 * any Java program costs before it does anything; the agent's idle memory is measured against it.
 */
public final class TrivialJava {
    private TrivialJava() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.println("listening at nothing: a trivial program, idle");
        Thread.currentThread().join();
    }
}
