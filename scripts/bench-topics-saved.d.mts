// The module runs the benchmark when imported (scripts/bench-topics.ts --saved); it exports nothing.
export {};
