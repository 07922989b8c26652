// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title TestSmartWallet
/// @notice A minimal smart-contract account for Latch's local devnet: it holds ETH and, per ERC-1271,
///         accepts signatures made with its owner's key. Enough to test signing in with a smart account.
contract TestSmartWallet {
    bytes4 internal constant MAGIC_VALUE = 0x1626ba7e;
    bytes4 internal constant INVALID = 0xffffffff;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    receive() external payable {}

    /// @notice ERC-1271: MAGIC_VALUE when `signature` (65 bytes: r, s, v) over `hash` is the owner's.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return INVALID;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := calldataload(signature.offset)
            s := calldataload(add(signature.offset, 32))
            v := byte(0, calldataload(add(signature.offset, 64)))
        }
        if (v < 27) v += 27;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : INVALID;
    }
}

/// @title TestSmartWalletFactory
/// @notice Deploys TestSmartWallets at CREATE2 addresses known in advance, so that a wallet which does not
///         exist yet can already sign (ERC-6492: the signature carries this factory and its calldata).
contract TestSmartWalletFactory {
    event Deployed(address wallet, address owner, bytes32 salt);

    /// @notice Deploys the owner's wallet for `salt`, or returns it when it exists already.
    function deploy(address owner, bytes32 salt) external returns (address wallet) {
        wallet = addressOf(owner, salt);
        if (wallet.code.length > 0) return wallet;
        wallet = address(new TestSmartWallet{salt: salt}(owner));
        emit Deployed(wallet, owner, salt);
    }

    /// @notice Where `deploy(owner, salt)` puts the wallet.
    function addressOf(address owner, bytes32 salt) public view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(TestSmartWallet).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, codeHash)))));
    }
}
