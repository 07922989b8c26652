// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title TestIdRegistry
/// @notice Farcaster's ID registry for Latch's local devnet: the same reads as the real one (`idOf`, `custodyOf`,
///         `idCounter`), which Sign In With Farcaster checks, and an open `register` so tests can make users.
///         No constructor and no immutables: the devnet copies its runtime code to the real registry's address,
///         where a constructor never runs. Storage starts at zero, so the first fid is 1, as on Farcaster.
contract TestIdRegistry {
    /// @notice The last fid handed out (0 before the first registration).
    uint256 public idCounter;

    /// @notice The fid whose custody address is the key; 0 for an address without one.
    mapping(address => uint256) public idOf;

    /// @notice The custody address of the fid; the zero address for an fid not registered.
    mapping(uint256 => address) public custodyOf;

    /// @notice Emitted for every new fid (Farcaster's registry emits `Register` too, with a recovery address).
    event Register(address indexed to, uint256 indexed id);

    /// @notice Gives `custody` the next fid. Anyone may call it: on the devnet there is no storage rent to pay.
    function register(address custody) external returns (uint256 fid) {
        require(custody != address(0), "TestIdRegistry: custody is the zero address");
        // One fid per custody address, as on Farcaster (where it reverts with HasId).
        require(idOf[custody] == 0, "TestIdRegistry: the address already has an fid");
        fid = ++idCounter;
        idOf[custody] = fid;
        custodyOf[fid] = custody;
        emit Register(custody, fid);
    }
}
