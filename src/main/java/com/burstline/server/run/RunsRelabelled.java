package com.burstline.server.run;

/**
 * What relabelling a selection did: {@code selected} runs matched, {@code changed} of them took a new label (the
 * others had the labels already, and their history stays as it was).
 */
public record RunsRelabelled(int selected, int changed) {
}
