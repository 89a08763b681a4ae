//! Native bots: uniform random, greedy, MCTS (and IS-MCTS for hidden information).
//! Work in progress: see the module files.
